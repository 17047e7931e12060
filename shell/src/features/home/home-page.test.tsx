import { act, screen, within } from '@testing-library/react';
import { setConfig, DEFAULT_CONFIG } from '@institute/shared/config';
import { renderWithProviders } from '../../testing/test-utils';
import HomePage from './home-page';

let log: jest.SpyInstance;
beforeEach(() => {
  // No federation loader is registered in tests, so both remote widgets fall back; their boundary logs why.
  log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  log.mockRestore();
  setConfig(DEFAULT_CONFIG);
  delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const SECTION_HEADINGS = [
  'Try a class before you commit',
  'Built around getting you hired',
  'Training for your team',
  'Study the way your week allows',
  'Our mission and vision',
  'Finish with a certification employers recognise',
];

describe('HomePage', () => {
  it('renders the hero with the one h1 and its calls to action at once', () => {
    renderWithProviders(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Learn the skills employers hire for');
    expect(screen.getByRole('link', { name: 'Explore Courses' })).toHaveAttribute('href', '/courses');
    expect(screen.getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/appointment');
  });

  it('loads the sections in the spec’s order, with the features anchor and both remote slots', async () => {
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: SECTION_HEADINGS[5] });
    const h2s = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(h2s).toEqual(SECTION_HEADINGS);
    expect(document.getElementById('features')).toContainElement(screen.getByRole('heading', { name: 'Built around getting you hired' }));
    // The remotes are unavailable here: each slot names its area and the rest of the page still works.
    const blog = await screen.findByText('Blog highlights is unavailable right now.');
    const popular = await screen.findByText('Popular courses is unavailable right now.');
    // The widgets bring their own headings; their places: blog after features, popular courses after business.
    const heading = (name: string) => screen.getByRole('heading', { name });
    const before = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    expect(before(heading('Built around getting you hired'), blog) && before(blog, heading('Training for your team'))).toBe(true);
    expect(before(heading('Training for your team'), popular) && before(popular, heading('Study the way your week allows'))).toBe(true);
  });

  it('mounts a section only when its slot nears the viewport', async () => {
    const observers: { callback: IntersectionObserverCallback; targets: Element[] }[] = [];
    class FakeObserver {
      targets: Element[] = [];
      constructor(readonly callback: IntersectionObserverCallback) { observers.push(this); }
      observe(target: Element) { this.targets.push(target); }
      disconnect() { this.targets = []; }
    }
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    renderWithProviders(<HomePage />);
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(observers).toHaveLength(8);

    const features = observers.find((o) => o.targets[0]?.id === 'features');
    await act(async () => features?.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('heading', { name: 'Built around getting you hired' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(1);
  });

  it('offers fixed call, email and message buttons from the config', () => {
    setConfig({ apiBaseUrl: 'http://api.test', institute: { name: 'X', address: 'A', phone: '+1 (555) 200-3000', email: 'desk@x.example' } });
    renderWithProviders(<HomePage />);
    const dock = screen.getByRole('navigation', { name: 'Contact shortcuts' });
    expect(within(dock).getByRole('link', { name: 'Call us at +1 (555) 200-3000' })).toHaveAttribute('href', 'tel:+15552003000');
    expect(within(dock).getByRole('link', { name: 'Email us at desk@x.example' })).toHaveAttribute('href', 'mailto:desk@x.example');
    expect(within(dock).getByRole('link', { name: 'Send us a message' })).toHaveAttribute('href', '/contact');
  });
});
