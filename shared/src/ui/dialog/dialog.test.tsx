import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './dialog';

function Page({ width }: { width?: 'normal' | 'wide' }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>Record payment</button>
      {open ? (
        <Dialog title="Record a payment" width={width} onClose={() => setOpen(false)}>
          <label>Amount <input name="amount" /></label>
          <button type="submit">Save</button>
        </Dialog>
      ) : null}
    </>
  );
}

function open(width?: 'normal' | 'wide') {
  render(<Page width={width} />);
  const opener = screen.getByRole('button', { name: 'Record payment' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

test('is a modal dialog named by its title, rendered into <body> and focused on open', () => {
  const { container } = render(<div />);
  open();
  const dialog = screen.getByRole('dialog', { name: 'Record a payment' });
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  expect(screen.getByRole('heading', { level: 2, name: 'Record a payment' })).toBeInTheDocument();
  expect(container).not.toContainElement(dialog);
  expect(dialog.parentElement?.parentElement).toBe(document.body);
  expect(dialog).toHaveFocus();
});

test('Tab stays inside: from the last control it wraps to Close, the first', () => {
  open();
  screen.getByRole('button', { name: 'Save' }).focus();
  fireEvent.keyDown(document, { key: 'Tab' });
  expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
  expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
});

test('Escape closes it and focus returns to the opener', () => {
  const opener = open();
  fireEvent.keyDown(document, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(opener).toHaveFocus();
});

test('Close closes it and focus returns to the opener', () => {
  const opener = open();
  fireEvent.click(screen.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(opener).toHaveFocus();
});

test('is 32rem wide unless asked to be wide (the class names are the CSS module keys)', () => {
  open();
  expect(screen.getByRole('dialog')).toHaveClass('dialog', { exact: true });
});

test('wide adds its own class', () => {
  open('wide');
  expect(screen.getByRole('dialog')).toHaveClass('dialog wide', { exact: true });
});
