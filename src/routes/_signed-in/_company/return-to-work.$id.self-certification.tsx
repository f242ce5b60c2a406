import { createFileRoute } from '@tanstack/react-router';
import { SelfCertificationPage } from '../../../modules/leave/client/self-certification-page';

// SPEC §2.7: return_to_work notifications land here.
export const Route = createFileRoute('/_signed-in/_company/return-to-work/$id/self-certification')({
  component: SelfCertificationRoute,
});

function SelfCertificationRoute() {
  const { id } = Route.useParams();
  return <SelfCertificationPage id={id} />;
}
