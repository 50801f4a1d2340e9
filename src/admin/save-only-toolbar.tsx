import { SaveButton, Toolbar } from 'react-admin';

/** A form's only action is saving: for records the school keeps (there is no call to delete them). */
export const SaveOnlyToolbar = () => (
  <Toolbar>
    <SaveButton />
  </Toolbar>
);
