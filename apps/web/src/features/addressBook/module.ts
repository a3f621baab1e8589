import { IconAddressBook } from '@tabler/icons-react';
import { defineWebModule } from '../../app/webModule';
import { a11yPages } from './a11y';

/** The address book (spec portal §2 "/addressBook"); its texts are the people side's (profile module). */
export default defineWebModule({
  name: 'addressBook',
  features: ['address_book'],
  routes: [{ path: 'addressBook', load: () => import('./AddressBookPage') }],
  menu: [{ code: 'addressBook', to: () => '/addressBook/', icon: IconAddressBook, feature: 'address_book' }],
  uses: ['profile'],
  a11yPages,
});
