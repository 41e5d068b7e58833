import { NotFound } from '../../../components/not-found';
import { paths } from '../../../config/paths';

/** What an offering's pages show for an unknown or delisted offering ID (a 404 from the BFF). */
export function OfferingNotFound() {
  return (
    <NotFound
      title="Offering not found"
      message="There is no offering with this ID, or it is no longer listed."
      backTo={{ href: paths.app.offerings.getHref(), label: 'Back to offerings' }}
    />
  );
}
