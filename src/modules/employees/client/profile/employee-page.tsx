// /employee/{id}: a colleague's profile (the signed-in user's own opens the same frame).
import { getToken } from '../../../../client/auth/token-store';
import { readTokenClaims } from '../../../../client/auth/token-claims';
import { ProfileFrame } from './profile-frame';

export function EmployeePage({ id }: { id: string }) {
  const self = readTokenClaims(getToken())?.user_id === id;
  return <ProfileFrame key={id} userId={id} self={self} />;
}
