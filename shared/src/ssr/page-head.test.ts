import type { Course, SiteConfig } from '../contract';
import { blogPostHead, courseHead, metaDescription } from './page-head';

const config: SiteConfig = {
  apiBaseUrl: 'http://api.test',
  siteUrl: 'https://www.institute.test',
  institute: { name: 'Test Institute', address: '1 Main St, Newark, NJ', phone: '(555) 010-0000', email: 'hi@institute.test' },
};
const course: Course = {
  _id: 'c1', title: 'Pharmacy Technician', imgUrl: 'https://img.test/p.jpg', price: 1200, duration: '12 weeks', totalHours: '180 hours',
  credential: 'CPhT', preRequisite: 'None', description: '<p>Learn <strong>dispensing</strong> &amp; inventory.</p>', content: [], certification: 'PTCB',
  featured: false, createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z',
};

describe('page heads of server-rendered pages', () => {
  it('describes a course as schema.org Course with its provider and a USD price', () => {
    const head = courseHead(course, config, '/courses/c1');
    expect(head).toMatchObject({ title: 'Pharmacy Technician', description: 'Learn dispensing & inventory.', image: 'https://img.test/p.jpg' });
    expect(head.jsonLd).toMatchObject({
      '@context': 'https://schema.org', '@type': 'Course', name: 'Pharmacy Technician', description: 'Learn dispensing & inventory.',
      url: 'https://www.institute.test/courses/c1',
      provider: { '@type': 'EducationalOrganization', name: 'Test Institute', url: 'https://www.institute.test/' },
      offers: { '@type': 'Offer', price: '1200.00', priceCurrency: 'USD', category: 'Paid' },
    });
  });

  it('lists each upcoming class session as a CourseInstance (mode, dates, schedule, place, capacity)', () => {
    const base = {
      courseId: 'c1', programId: null, schedule: 'Mon/Wed 6-9 pm', seatsTaken: 9, enrollmentDeadline: '2027-01-05', status: 'open' as const,
      waitlistLength: 0, createdAt: '2026-11-01T00:00:00Z', updatedAt: '2026-11-01T00:00:00Z',
    };
    const head = courseHead(course, config, '/courses/c1', [
      { ...base, id: 's1', startsOn: '2027-01-12', endsOn: '2027-03-20', mode: 'in_person', address: '12 Main St, Newark, NJ', seats: 12, seatsLeft: 3 },
      { ...base, id: 's2', startsOn: '2027-04-05', endsOn: '2027-06-10', mode: 'online', address: null, seats: null, seatsLeft: null },
    ]);
    expect(head.jsonLd?.hasCourseInstance).toEqual([
      {
        '@type': 'CourseInstance', courseMode: 'Onsite', startDate: '2027-01-12', endDate: '2027-03-20', description: 'Mon/Wed 6-9 pm',
        location: { '@type': 'Place', name: 'Test Institute', address: '12 Main St, Newark, NJ' }, maximumAttendeeCapacity: 12, remainingAttendeeCapacity: 3,
      },
      {
        '@type': 'CourseInstance', courseMode: 'Online', startDate: '2027-04-05', endDate: '2027-06-10', description: 'Mon/Wed 6-9 pm',
        location: { '@type': 'VirtualLocation', name: 'Online' },
      },
    ]);
    expect(courseHead(course, config, '/courses/c1').jsonLd).not.toHaveProperty('hasCourseInstance');
  });

  it('names a 1280 px variant for link previews and structured data, never the stored original (decision 028)', () => {
    const withHost = { ...config, cloudinary: { cloudName: 'demo', uploadPreset: 'p' } };
    const cloud = 'https://res.cloudinary.com/demo/image/upload/v17/course.jpg';
    const sized = 'https://res.cloudinary.com/demo/image/upload/f_auto,q_auto,c_limit,w_1280/v17/course.jpg';
    const head = courseHead({ ...course, imgUrl: cloud }, withHost, '/courses/c1');
    expect(head.image).toBe(sized);
    expect(head.jsonLd).toMatchObject({ image: sized });
    const media = blogPostHead({ _id: 'b1', title: 'T', imgUrl: 'http://api.test/media/uploads/abc.webp', author: 'A', category: 'C',
      content: 'x', description: '', createdAt: '2026-01-02T03:04:05.000Z' }, config, '/blog/b1');
    expect(media.image).toBe('http://api.test/media/uploads/abc.webp?w=1280');
    expect(media.jsonLd).toMatchObject({ image: 'http://api.test/media/uploads/abc.webp?w=1280' });
    // An illustration (SVG) or a host that cannot resize keeps its own address.
    expect(courseHead({ ...course, imgUrl: 'http://api.test/media/seed/nurse.svg' }, config, '/c').image).toBe('http://api.test/media/seed/nurse.svg');
  });

  it('falls back to the facts when a course has no description', () => {
    expect(courseHead({ ...course, description: '' }, config, '/courses/c1').description).toBe('Pharmacy Technician: 180 hours, 12 weeks. CPhT.');
  });

  it('describes a post as a BlogPosting with author and date', () => {
    const head = blogPostHead({ _id: 'b1', title: 'Study tips', imgUrl: 'https://img.test/b.jpg', author: 'Ada', category: 'Careers',
      content: 'Long text', description: 'Five habits.', createdAt: '2026-01-02T03:04:05.000Z' }, config, '/blog/b1');
    expect(head.type).toBe('article');
    expect(head.jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: 'Study tips', description: 'Five habits.',
      datePublished: '2026-01-02T03:04:05.000Z', author: { '@type': 'Person', name: 'Ada' }, url: 'https://www.institute.test/blog/b1' });
  });

  it("keeps a post's plain text as typed: entities and tags in it are the author's characters (issue 28)", () => {
    const typed = 'A &lt;b&gt; B <img src=x onerror=alert(1)>';
    const head = blogPostHead({ _id: 'b1', title: typed, imgUrl: 'https://img.test/b.jpg', author: typed, category: 'News',
      content: `${typed}\nmore`, description: '', createdAt: '2026-01-02T03:04:05.000Z' }, config, '/blog/b1');
    expect(head).toMatchObject({ title: typed, description: `${typed} more` });
    expect(head.jsonLd).toMatchObject({ headline: typed, description: `${typed} more`, author: { name: typed } });
  });

  it('cuts a long description at a word, within a search snippet', () => {
    const text = metaDescription(`<p>${'word '.repeat(60)}</p>`, '');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text).toMatch(/word…$/);
  });
});
