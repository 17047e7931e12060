import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './tabs';

const items = [
  { id: 'one', label: 'One', panel: <p>First panel</p> },
  { id: 'two', label: 'Two', panel: <p>Second panel</p> },
  { id: 'three', label: 'Three', panel: <p>Third panel</p> },
];

const selected = () => screen.getAllByRole('tab').find((t) => t.getAttribute('aria-selected') === 'true');

describe('Tabs', () => {
  beforeEach(() => render(<Tabs label="Details" idPrefix="t" tabs={items} />));

  it('exposes a labelled tablist whose selected tab controls the visible panel', () => {
    expect(screen.getByRole('tablist', { name: 'Details' })).toBeInTheDocument();
    const [one, two] = screen.getAllByRole('tab');
    expect(one).toHaveAttribute('aria-selected', 'true');
    expect(two).toHaveAttribute('aria-selected', 'false');
    expect(one).toHaveAttribute('tabindex', '0');
    expect(two).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveAttribute('id', one!.getAttribute('aria-controls'));
    expect(panel).toHaveTextContent('First panel');
    expect(document.getElementById(two!.getAttribute('aria-controls')!)).not.toBeVisible();
  });

  it('moves with the arrow keys, wrapping at both ends', async () => {
    await userEvent.click(screen.getByRole('tab', { name: 'One' }));
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toHaveTextContent('Two');
    expect(selected()).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Second panel');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selected()).toHaveTextContent('Three');
    await userEvent.keyboard('{ArrowRight}');
    expect(selected()).toHaveTextContent('One');
  });

  it('jumps to the first and last tab with Home and End', async () => {
    await userEvent.click(screen.getByRole('tab', { name: 'Two' }));
    await userEvent.keyboard('{End}');
    expect(selected()).toHaveTextContent('Three');
    expect(selected()).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(selected()).toHaveTextContent('One');
    expect(selected()).toHaveFocus();
  });

  it('keeps Tab moving into the active panel rather than across tabs', async () => {
    await userEvent.click(screen.getByRole('tab', { name: 'One' }));
    await userEvent.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });
});
