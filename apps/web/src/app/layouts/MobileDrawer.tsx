import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

type Props = { open: boolean; onClose: () => void; width: number; children: ReactNode };

/** The phone's slide-in menu, loaded when first opened (desktops never need it). */
export default function MobileDrawer({ open, onClose, width, children }: Props) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: true }} sx={{ '& .MuiDrawer-paper': { width } }}>
      {children}
    </Drawer>
  );
}
