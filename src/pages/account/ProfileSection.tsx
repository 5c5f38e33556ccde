import { Typography } from '@mui/material';
import { Facts } from '../../components/Facts';
import { SectionCard } from '../../components/SectionCard';
import { Loaded } from './Loaded';
import { useMe } from './useAccount';

export const MANAGED_BY_PROVIDER = 'Two-step sign-in is managed by your sign-on provider.';

/**
 * Who is signed in: their username and email. Behind a sign-on proxy (`proxy`), the person the
 * proxy signed in, and that the provider looks after their two-step sign-in.
 */
export const ProfileSection = ({ proxy }: { proxy: boolean }) => {
  const me = useMe();
  return (
    <SectionCard title="Profile">
      <Loaded query={me} what="your profile">
        {(user) => (
          <>
            <Facts
              facts={[
                ['Username', user.username],
                ['Email', user.email],
              ]}
            />
            {proxy && (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {MANAGED_BY_PROVIDER}
              </Typography>
            )}
          </>
        )}
      </Loaded>
    </SectionCard>
  );
};
