import type { MouseEvent, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { focusOnMount } from '../../lib/focus';
import { Code, DescriptionList } from '../description-list';
import { completesDoubleClick } from './review-and-submit';

type Row = [string, ReactNode];

/**
 * A receipt replaces the form as soon as the request is created, and a link of it may lie where
 * the submit button was: the second click of a double click on Submit would follow it and leave
 * the receipt unread. That click (completesDoubleClick) is not followed; a link's own first click
 * is.
 */
const ignoreSecondClickOfSubmit = (event: MouseEvent<HTMLElement>) => {
  if (completesDoubleClick(event)) event.preventDefault();
};

/**
 * The receipt of a created request, with our reference: what was created, then where to follow
 * it. Focus moves to it as it appears, so the person (and a screen reader) lands on the outcome.
 */
export function SubmittedResult({
  title,
  items,
  links,
  children,
}: {
  title: string;
  /** The receipt's rows; a row left out when its value is not known. */
  items: (Row | false | '' | null | undefined)[];
  /** Where to follow it; none when it is already on the page. */
  links: { to: string; label: string }[];
  children?: ReactNode;
}) {
  return (
    <Alert severity="success" role="status" tabIndex={-1} ref={focusOnMount}>
      <AlertTitle>{title}</AlertTitle>
      {children}
      <DescriptionList items={items.filter((row): row is Row => Boolean(row))} />
      {links.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
          {links.map((link) => (
            <Link
              key={link.to + link.label}
              component={RouterLink}
              to={link.to}
              onClick={ignoreSecondClickOfSubmit}
              className="tap-target"
            >
              {link.label}
            </Link>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/**
 * A receipt's link to follow a money request of an account: its timeline lists the request. It
 * names the timeline's section (SectionCard's id for "Timeline"), so the page opens there rather
 * than at the bank and deposit cards above it, a screen or two higher on a phone.
 */
export const accountTimelineLink = (accountId: string) => ({
  to: `${paths.app.accountMoney.getHref(accountId)}#section-timeline`,
  label: "See it on the account's timeline",
});

/**
 * A receipt's row for our reference, under which the account's requests and timeline list the
 * request and which support is quoted; left out when the receipt has none.
 */
/**
 * Our reference of a request, as receipts and the records it became name it; `see` leads to where
 * the request itself is listed.
 */
export function ourReferenceRow(
  reference: string | null | undefined,
  see?: { to: string; label: string },
): Row | null {
  if (!reference) return null;
  if (!see) return ['Our reference', <Code key="reference" value={reference} />];
  return [
    'Our reference',
    <span key="reference">
      <Code value={reference} />: see{' '}
      <Link component={RouterLink} to={see.to} onClick={ignoreSecondClickOfSubmit}>
        {see.label}
      </Link>
    </span>,
  ];
}

/**
 * A receipt's first rows: what was created, by the id the platform gave it (a trade, a request, a
 * fund move), then our reference (ourReferenceRow), left out when the receipt has none.
 */
export const receiptIdRows = (
  label: string,
  id: string,
  reference: string | null | undefined,
): (Row | null)[] => [[label, <Code key="id" value={id} />], ourReferenceRow(reference)];

/** Where a receipt of an account's request leads: the account, and the request on its timeline. */
export const backToAccountLinks = (accountId: string) => [
  { to: paths.app.account.getHref(accountId), label: 'Back to the account' },
  accountTimelineLink(accountId),
];
