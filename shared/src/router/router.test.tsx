import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, Link, MemoryRouter, Navigate, NavLink, Outlet, Route, Routes, StaticRouter, useLocation, useNavigate, useParams, useSearchParams } from './index';

function Where() {
  const location = useLocation();
  return <p data-testid="where" data-state={JSON.stringify(location.state)}>{`${location.pathname}${location.search}`}</p>;
}

function Layout() {
  return (
    <div>
      <nav>
        <NavLink to="/" end className={({ isActive }) => (isActive ? 'on' : 'off')}>Home</NavLink>
        <NavLink to="/courses">Courses</NavLink>
      </nav>
      <main><Outlet /></main>
    </div>
  );
}

function Course() {
  const { id } = useParams<{ id: string }>();
  return <h1>Course {id}</h1>;
}

function Site() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<h1>Home page</h1>} />
        <Route path="/courses" element={<Link to="/courses/a%2Fb" state={{ from: 'list' }}>First course</Link>} />
        <Route path="/courses/:id" element={<Course />} />
        <Route path="*" element={<h1>Not found</h1>} />
      </Route>
    </Routes>
  );
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Site />
      <Where />
    </MemoryRouter>,
  );

describe('Routes', () => {
  it('renders the matched route inside its layout, with decoded params', () => {
    at('/courses/web%20design');
    expect(screen.getByRole('heading', { name: 'Course web design' })).toBeInTheDocument();
    expect(screen.getByRole('navigation')).toBeInTheDocument();
  });

  it('falls back to the catch-all', () => {
    at('/no/such/page');
    expect(screen.getByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it('renders nothing when no route matches', () => {
    const { container } = render(
      <MemoryRouter initialEntries={['/x']}>
        <Routes>
          <Route path="/y" element={<p>y</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('refuses a child that is not a Route', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <MemoryRouter>
          <Routes>
            <div />
          </Routes>
        </MemoryRouter>,
      ),
    ).toThrow(/must be a <Route>/);
  });
});

describe('Link and NavLink', () => {
  it('navigate on a plain click, carrying state, and mark the current page', async () => {
    at('/courses');
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveClass('off');
    await userEvent.click(screen.getByRole('link', { name: 'First course' }));
    expect(screen.getByRole('heading', { name: 'Course a/b' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveAttribute('data-state', '{"from":"list"}');
    // Below /courses, so still the current section; Home is active only on / itself.
    expect(screen.getByRole('link', { name: 'Courses' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('leave a modified click (new tab) to the browser', () => {
    at('/courses');
    const link = screen.getByRole('link', { name: 'First course' });
    expect(link).toHaveAttribute('href', '/courses/a%2Fb');
    fireEvent.click(link, { ctrlKey: true });
    expect(screen.getByTestId('where')).toHaveTextContent('/courses');
  });

  it('do not navigate when the click handler prevented it', async () => {
    render(
      <MemoryRouter>
        <Link to="/elsewhere" onClick={(event) => event.preventDefault()}>Go</Link>
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Go' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('navigation', () => {
  it('Navigate redirects with replace and state', async () => {
    function Back() {
      const navigate = useNavigate();
      return <button onClick={() => navigate(-1)}>Back</button>;
    }
    render(
      <MemoryRouter initialEntries={['/start', '/private']}>
        <Routes>
          <Route path="/private" element={<Navigate to="/login" replace state={{ from: '/private' }} />} />
          <Route path="*" element={<Back />} />
        </Routes>
        <Where />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/login');
    expect(screen.getByTestId('where')).toHaveAttribute('data-state', '{"from":"/private"}');
    // The redirect replaced /private, so Back goes to the page before it.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/start');
  });

  it('useSearchParams reads and writes the query of the current path', async () => {
    function Filter() {
      const [params, setParams] = useSearchParams();
      return (
        <button onClick={() => setParams((current) => { current.set('category', 'Design & Art'); return current; })}>
          {params.get('q') ?? 'none'}
        </button>
      );
    }
    render(
      <MemoryRouter initialEntries={['/courses?q=web']}>
        <Filter />
        <Where />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'web' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/courses?q=web&category=Design+%26+Art');
  });

  it('BrowserRouter follows the address bar and Back', async () => {
    window.history.replaceState(null, '', '/courses');
    render(
      <BrowserRouter>
        <Site />
        <Where />
      </BrowserRouter>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'First course' }));
    expect(window.location.pathname).toBe('/courses/a%2Fb');
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
      window.history.back();
      await popped;
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/courses');
  });
});

describe('StaticRouter', () => {
  it('renders one address on the server', () => {
    const html = renderToString(
      <StaticRouter location="/courses/42?x=1">
        <Site />
      </StaticRouter>,
    );
    expect(html).toContain('Course <!-- -->42');
    expect(html).toContain('href="/courses"');
  });

  it('hooks outside a router say so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Where />)).toThrow(/only inside a <BrowserRouter>/);
  });
});
