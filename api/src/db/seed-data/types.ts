/** Seed rows in the API's own input terms (prices in dollars, media as /media/seed paths). */
export interface SeedProgram {
  title: string;
  imgUrl: string;
  price: number;
  duration: string;
  totalHours: string;
  credential: string;
  preRequisite: string;
  certification: string;
  description: string;
  content: string[];
  category?: string;
  calendarLength?: string;
  featured?: boolean;
}

export interface SeedBlog {
  title: string;
  imgUrl: string;
  author: string;
  category: string;
  description: string;
  content: string;
  createdAt: string;
}

export interface SeedImage {
  file: string;
  title: string;
  description: string;
  width: number;
  height: number;
}
