import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useNavigate } from 'react-router-dom';
import { ACCOUNT_PATH } from '../twoStepGate';
import { useSignOut } from './useSignOut';

interface UserMenuListProps {
  id: string;
  buttonId: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

/**
 * The user menu's items: My account and Logout. MUI's Menu brings the keyboard: focus on the
 * first item, arrows, Escape back to the button.
 */
const UserMenuList = ({ id, buttonId, anchor, onClose }: UserMenuListProps) => {
  const navigate = useNavigate();
  const signOut = useSignOut();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-labelledby': buttonId } }}
    >
      <MenuItem
        onClick={() => {
          onClose();
          navigate(ACCOUNT_PATH);
        }}
      >
        <ListItemIcon>
          <AccountCircleIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>My account</ListItemText>
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          signOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText>Logout</ListItemText>
      </MenuItem>
    </Menu>
  );
};

export default UserMenuList;
