/** The browser keeps exactly two keys, as the spec says: `token` and `userId`. */
const TOKEN = 'token';
const USER_ID = 'userId';

export const tokenStore = {
  getToken: (): string | null => localStorage.getItem(TOKEN),
  getUserId: (): string | null => localStorage.getItem(USER_ID),
  save(token: string, userId: string): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(USER_ID, userId);
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(USER_ID);
  },
};
