import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import { EmptyState, LoadingSkeleton, QueryState } from '../../../../components/query-state';
import {
  fundMoveNoun,
  fundMovesNamed,
  listsNothing,
  SkippedRecordsNotice,
} from '../../../../components/skipped-records';
import { paths } from '../../../../config/paths';
import { formatCount } from '../../../../lib/format';
import { pageFrom } from '../../../../lib/use-search-update';
import {
  fundMovesQueryOptions,
  useFundMoves,
} from '../../../../features/custody/api/get-fund-moves';
import { custodyAccountQueryOptions } from '../../../../features/custody/api/get-custody-account';
import { FundMoveList } from '../../../../features/custody/components/fund-move-list';
import { ACCOUNT_READERS, recordPageLoader } from '../../../session-guard';
import { AccountSubpage } from './account-layout';

export const clientLoader = recordPageLoader(
  ACCOUNT_READERS,
  'accountId',
  (queryClient, accountId, search) => {
    void queryClient.prefetchQuery(fundMovesQueryOptions(accountId, pageFrom(search)));
  },
);

/** A page past the last one names the last, and how many moves there are. */
const pastTheEnd = (page: number, lastPage: number, total: number) =>
  page > lastPage
    ? `the last is page ${formatCount(lastPage)}, of ${formatCount(total)} ${total === 1 ? 'move' : 'moves'}.`
    : 'the platform listed none there.';

export default function FundMovesRoute() {
  const { accountId = '' } = useParams();
  const [search] = useSearchParams();
  const page = pageFrom(search);
  return (
    <AccountSubpage
      accountId={accountId}
      title="Fund moves"
      description="Money moved into and out of the custody account, newest first. Bank numbers show their last four digits only."
    >
      <FundMovesPage accountId={accountId} page={page} />
    </AccountSubpage>
  );
}

function FundMovesPage({ accountId, page }: { accountId: string; page: number }) {
  const moves = useFundMoves(accountId, page);
  // An account with no custody account has moved no money through one: said so, rather than
  // "yet", which would have the person wait for moves that cannot come. Asked only then.
  const none =
    page === 1 &&
    moves.data !== undefined &&
    listsNothing(moves.data.moves.length, moves.data.skippedRecords);
  const custody = useQuery({ ...custodyAccountQueryOptions(accountId), enabled: none });
  const noCustodyAccount =
    custody.data?.state === 'unavailable' && custody.data.reason === 'not_opened';
  return (
    <QueryState
      query={moves}
      subject="the fund moves"
      skeletonLines={5}
      isEmpty={(data) => page === 1 && listsNothing(data.moves.length, data.skippedRecords)}
      empty={
        // Until the custody account is read, neither sentence is known to be true: "yet" shown
        // first and then replaced would tell the person two things in a second.
        custody.isPending ? (
          // The status beside the busy skeleton, not in it (as QueryState's first read).
          <Box>
            <Typography className="visually-hidden" role="status">
              Checking whether the account has a custody account
            </Typography>
            <Box aria-busy="true">
              <LoadingSkeleton lines={2} />
            </Box>
          </Box>
        ) : noCustodyAccount ? (
          <EmptyState
            title="No custody account yet"
            message="This account has no custody account, so no money has moved through one. Once it has one, its deposits and disbursements appear here."
          />
        ) : (
          <EmptyState
            title="No fund moves yet"
            message="Deposits and disbursements of this account appear here."
          />
        )
      }
    >
      {(data) => {
        const from = data.moves.length > 0 ? data.startIndex + 1 : 0;
        const to = data.startIndex + data.moves.length;
        const lastPage = Math.max(1, Math.ceil(data.totalRecords / data.limit));
        return (
          <>
            <Typography role="status" sx={{ mb: 2 }}>
              {data.moves.length > 0
                ? `Showing ${formatCount(from)}–${formatCount(to)} of ${formatCount(data.totalRecords)}`
                : `No fund moves on page ${formatCount(page)}: ${pastTheEnd(page, lastPage, data.totalRecords)}`}
            </Typography>
            {data.moves.length === 0 && page > lastPage && (
              <Link component={RouterLink} to={paths.app.fundMoves.getHref(accountId, lastPage)}>
                {`Go to the last page (${formatCount(lastPage)})`}
              </Link>
            )}
            <SkippedRecordsNotice
              count={data.skippedRecords}
              noun={fundMoveNoun}
              named={fundMovesNamed(data.unreadableReferences)}
            />
            <FundMoveList accountId={accountId} moves={data.moves} />
            <Box
              component="nav"
              aria-label="Fund move pages"
              sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}
            >
              <Button
                component={RouterLink}
                to={paths.app.fundMoves.getHref(accountId, page - 1)}
                disabled={page <= 1}
              >
                Newer
              </Button>
              <Button
                component={RouterLink}
                to={paths.app.fundMoves.getHref(accountId, page + 1)}
                disabled={page >= lastPage}
              >
                Older
              </Button>
            </Box>
          </>
        );
      }}
    </QueryState>
  );
}
