import { PageHeader, type PageHeaderProps } from './page-header';
import { Trail } from './trail';

type TrailedPageHeaderProps = Omit<PageHeaderProps, 'above'> & {
  /** The pages above this one; the breadcrumbs end with this page's title. */
  trail: readonly { label: string; href: string }[];
};

/**
 * The header of a page below others. Kept apart from PageHeader so that the sign-in page, which
 * has no trail, does not load the breadcrumbs (scripts/report-bundle.mjs weighs its JavaScript).
 */
export function TrailedPageHeader({ trail, ...header }: TrailedPageHeaderProps) {
  return <PageHeader {...header} above={<Trail links={trail} current={header.title} />} />;
}
