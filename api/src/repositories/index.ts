import type { Db } from '../db/db';
import { blogsRepository } from './blogs';
import { galleryRepository } from './gallery';
import { paymentsRepository } from './payments';
import { programsRepository } from './programs';
import { usersRepository } from './users';

export function createRepositories(db: Db) {
  return {
    users: usersRepository(db),
    programs: programsRepository(db),
    blogs: blogsRepository(db),
    gallery: galleryRepository(db),
    payments: paymentsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;
