import { fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { useFocusTrap } from './use-focus-trap';

function Modal({ onClose, first }: { onClose(): void; first?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useFocusTrap(ref, { onEscape: onClose, initialFocus: first ? 'first' : 'container' });
  return (
    <div ref={ref} role="dialog" tabIndex={-1} aria-label="Demo">
      <button type="button">One</button>
      <button type="button">Two</button>
    </div>
  );
}

function Page({ first }: { first?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Open</button>
      {open ? <Modal first={first} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

test('focus moves in, Tab wraps both ways, Escape closes and focus returns to the opener', () => {
  render(<Page />);
  const opener = screen.getByRole('button', { name: 'Open' });
  opener.focus();
  fireEvent.click(opener);
  expect(screen.getByRole('dialog')).toHaveFocus();
  expect(document.body.style.overflow).toBe('hidden');
  screen.getByRole('button', { name: 'Two' }).focus();
  fireEvent.keyDown(document, { key: 'Tab' });
  expect(screen.getByRole('button', { name: 'One' })).toHaveFocus();
  fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
  expect(screen.getByRole('button', { name: 'Two' })).toHaveFocus();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(opener).toHaveFocus();
  expect(document.body.style.overflow).toBe('');
});

test('initialFocus "first" lands on the first control', () => {
  render(<Page first />);
  fireEvent.click(screen.getByRole('button', { name: 'Open' }));
  expect(screen.getByRole('button', { name: 'One' })).toHaveFocus();
});
