import type { SeedBlog } from './types';

export const BLOGS: SeedBlog[] = [
  {
    title: 'Changing Careers at 35: Three Graduate Stories',
    imgUrl: '/media/seed/blog-career-change.svg',
    author: 'Maya Okafor',
    category: 'Careers',
    description: 'Three graduates explain how they moved into a new field while working and raising families.',
    createdAt: '2026-01-12T10:00:00.000Z',
    content:
      'Starting over in your thirties can feel risky. For the three graduates we spoke with, it turned out to be the best decision they made.\n' +
      'Luis worked in warehouse logistics for eleven years before joining our Network Administration evening class. He now manages the network of a regional dental group.\n' +
      'Priya left retail management for the Clinical Medical Assistant program and was hired by her externship clinic two weeks before graduation.\n' +
      'Dana took Project Management Essentials while working full time and now leads renovation projects for a property company.\n' +
      'All three gave the same advice: pick a program with hands-on practice, plan your study hours in advance, and talk to the career team early.',
  },
  {
    title: 'Where the Healthcare Jobs Are in 2026',
    imgUrl: '/media/seed/blog-healthcare-jobs.svg',
    author: 'Dr. Alan Brooks',
    category: 'Healthcare',
    description: 'A short guide to the entry-level healthcare roles employers in our region are hiring for.',
    createdAt: '2026-02-03T10:00:00.000Z',
    content:
      'Clinics, labs and pharmacies in our region keep telling us the same thing: they need trained people who can start quickly.\n' +
      'Medical assistants remain the most requested role, followed by phlebotomists and pharmacy technicians.\n' +
      'Employers value certification, but they value punctuality, clear communication and calm under pressure just as much.\n' +
      'If you are choosing a first healthcare program, start with the role you can picture yourself doing every day, then look at the certification it prepares you for.',
  },
  {
    title: 'Your First 100 Lines of Code',
    imgUrl: '/media/seed/blog-first-code.svg',
    author: 'Sam Reyes',
    category: 'Programming',
    description: 'A gentle plan for writing your first small program without getting lost in tutorials.',
    createdAt: '2026-02-20T10:00:00.000Z',
    content:
      'Most beginners stall not because programming is hard, but because they watch tutorials instead of writing code.\n' +
      'Pick one tiny problem you actually have: a budget calculator, a reading list, a workout log.\n' +
      'Write the first ten lines today, even if they only print a greeting. Then add one feature a day.\n' +
      'By the time you reach a hundred lines you will have met variables, loops, functions and bugs, and you will have fixed them yourself.',
  },
  {
    title: 'Study Habits That Stick',
    imgUrl: '/media/seed/blog-study-habits.svg',
    author: 'Grace Lindqvist',
    category: 'Student Life',
    description: 'Practical study tips from our instructors for learners who also work full time.',
    createdAt: '2026-03-08T10:00:00.000Z',
    content:
      'Short, regular sessions beat long weekend marathons. Thirty focused minutes a day adds up to more than a tired Sunday afternoon.\n' +
      'Test yourself instead of rereading: close the book and explain the topic out loud, then check what you missed.\n' +
      'Study with a classmate once a week. Teaching each other is the fastest way to find the gaps.\n' +
      'Finally, protect your sleep. Memory is built while you rest.',
  },
];
