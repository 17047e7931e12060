/** The browser keeps exactly two keys, as the spec says: `token` and `userId`. */
const TOKEN = 'token';
const USER_ID = 'userId';

// Pages are also prerendered in Node, where there is no storage and so no session.
const storage = (): Storage | null => (typeof localStorage === 'undefined' ? null : localStorage);

export const tokenStore = {
  getToken: (): string | null => storage()?.getItem(TOKEN) ?? null,
  getUserId: (): string | null => storage()?.getItem(USER_ID) ?? null,
  save(token: string, userId: string): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(USER_ID, userId);
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(USER_ID);
  },
};
