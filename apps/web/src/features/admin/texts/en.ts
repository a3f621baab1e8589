/** English texts of the admin panel; ru and uk have exactly this shape. */
export const en = {
  title: 'Admin panel',
  tabs: 'Admin panel sections',
};
