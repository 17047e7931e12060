import { testPhoto } from '@institute/sandbox/testing';
import type { Course } from '@institute/shared/contract';
import { adminToken, listCourses } from './api';
import { siteCloudinary } from './sandbox';
import { API_URL } from './stack';

/** A generated camera photo uploaded to the image host as the admin's image upload does; its size and URL. */
export async function uploadPhoto(name: string, width = 4000, height = 3000): Promise<{ url: string; bytes: number }> {
  const photo = await testPhoto({ width, height, quality: 92 });
  const { uploadBaseUrl, cloudName, uploadPreset } = siteCloudinary();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), name);
  form.append('upload_preset', uploadPreset);
  const response = await fetch(`${uploadBaseUrl.replace(/\/+$/, '')}/v1_1/${cloudName}/image/upload`, { method: 'POST', body: form });
  if (!response.ok) throw new Error(`photo upload failed: ${response.status} ${await response.text()}`);
  return { url: ((await response.json()) as { secure_url: string }).secure_url, bytes: photo.length };
}

async function putCourse(course: Course, imgUrl: string): Promise<void> {
  const { _id, createdAt, updatedAt, ...fields } = course as Course & { createdAt?: string; updatedAt?: string };
  void createdAt;
  void updatedAt;
  const response = await fetch(`${API_URL}/api/courses/${encodeURIComponent(_id)}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await adminToken()}` },
    body: JSON.stringify({ ...fields, imgUrl }),
  });
  if (!response.ok) throw new Error(`PUT course ${_id} failed: ${response.status} ${await response.text()}`);
}

/** Gives every course one of `photos` as its image; the returned function puts the old images back. */
export async function withCoursePhotos(photos: string[]): Promise<() => Promise<void>> {
  const courses = await listCourses();
  await Promise.all(courses.map((course, index) => putCourse(course, photos[index % photos.length]!)));
  return async () => {
    await Promise.all(courses.map((course) => putCourse(course, course.imgUrl)));
  };
}
