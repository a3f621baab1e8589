import { registry } from '../../app/modules';
import { useSession } from '../../app/session/context';
import { useSlots } from '../../app/slots';

/**
 * What other modules offer to do with a person (`personActions`: the chat's "write a message"), on their profile
 * and on their address book row; nothing for the signed-in person themselves.
 */
export function PersonActions({ userId, name, compact }: { userId: string; name: string; compact?: boolean }) {
  const { user } = useSession();
  const { slots } = useSlots('personActions', registry.personActions);
  if (!user || user._id === userId) return null;
  return slots?.map(({ key, loaded: { default: Action } }) => (
    <Action key={key} userId={userId} name={name} compact={compact} />
  ));
}
