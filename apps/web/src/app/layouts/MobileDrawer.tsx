import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; width: number; label: string; children: ReactNode };

/** The phone's slide-in menu, loaded when first opened (desktops never need it). */
export default function MobileDrawer({ open, onClose, width, label, children }: Props) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      // The drawer is a dialog: screen readers announce it by the menu's name.
      slotProps={{ paper: { 'aria-label': label } as object }}
      sx={{ '& .MuiDrawer-paper': { width } }}
    >
      {children}
    </Drawer>
  );
}
