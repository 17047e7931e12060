import { startTransition, useEffect, useState } from 'react';
import { useNavigate } from '@institute/shared/router';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, usersApi } from '@institute/shared/api';
import { tokenStore, useAuth } from '@institute/shared/auth';
import { Banner, ErrorState, Spinner } from '@institute/shared/ui';
import { ChangePassword } from './change-password';
import { ContactDetails } from './contact-details';
import { MyLearning } from './my-learning';
import { MyPayments } from './my-payments';
import { YourData } from './your-data/your-data';
import styles from './profile.module.css';

export const UNAUTHORIZED = 'Unauthorized: Please log in again.';

export default function ProfilePage() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  // Read once: logging out below removes it, and the page must not refetch with a missing id.
  const [userId] = useState(() => tokenStore.getUserId());
  const profile = useQuery({
    queryKey: queryKeys.user(userId ?? ''),
    queryFn: () => usersApi.get(userId as string),
    enabled: userId !== null,
  });

  useEffect(() => {
    if (userId) return;
    // The router navigates inside a transition; logging out in the same transition renders both at once,
    // so the route guard never sees "signed out on /profile" and replaces this redirect (and its notice).
    startTransition(() => {
      navigate('/login', { replace: true, state: { notice: UNAUTHORIZED } });
      logout();
    });
  }, [userId, logout, navigate]);

  return (
    <>
      <Banner title="My Profile" />
      <div className={styles.body}>
        {!userId ? <ErrorState>{UNAUTHORIZED}</ErrorState> : null}
        {userId && profile.isPending ? <Spinner label="Loading profile..." /> : null}
        {profile.isError ? <ErrorState>Failed to load profile.</ErrorState> : null}
        {profile.data ? (
          <dl className={styles.details}>
            <div>
              <dt>Email</dt>
              <dd>{profile.data.email}</dd>
            </div>
            <div>
              <dt>Username</dt>
              <dd>{profile.data.username}</dd>
            </div>
            <div>
              <dt>Role</dt>
              <dd>{profile.data.role}</dd>
            </div>
          </dl>
        ) : null}
        {profile.data ? <ContactDetails user={profile.data} /> : null}
        {profile.data ? <MyLearning /> : null}
        {profile.data ? <MyPayments /> : null}
        {profile.data ? <ChangePassword /> : null}
        {profile.data && userId ? <YourData userId={userId} /> : null}
      </div>
    </>
  );
}
