import type { ReactNode } from 'react';

// A panel that shows or hides its children. The client enhances it with the
// animated height transition (client/collapse.ts reads data-collapsible).
export function Collapsible({ open, children }: { open: boolean; children: ReactNode }) {
  return (
    <div className="collapsible" data-collapsible="" data-open={open ? 'true' : 'false'} hidden={!open}>
      {children}
    </div>
  );
}
