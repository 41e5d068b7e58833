import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Review } from '../../../../contract/accounts';
import { formatCalendarDate } from '../../../lib/format';
import {
  explainReview,
  reviewDay,
  reviewSubjects,
  type ReviewKind,
} from '../../../lib/review-status';

function reviewDate(date: string | null): string {
  if (!date) return 'No date recorded';
  // The day of every review alike, as the reviewers' pages show it (reviewDay).
  return formatCalendarDate(reviewDay(date), undefined, 'long');
}

export function ReviewStatusChip({ kind, review }: { kind: ReviewKind; review: Review }) {
  const { label, color } = explainReview(kind, review.status);
  return <Chip size="small" color={color} label={`${reviewSubjects[kind].title}: ${label}`} />;
}

/** Each review with its status, date, meaning and next step. */
export function ReviewStatuses({ reviews }: { reviews: Record<ReviewKind, Review> }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, mt: 2 }}>
      {(Object.keys(reviewSubjects) as ReviewKind[]).map((kind) => {
        const review = reviews[kind];
        const explanation = explainReview(kind, review.status);
        return (
          <Box component="li" key={kind} sx={{ borderLeft: 3, borderColor: 'divider', pl: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography component="h3" variant="h3" sx={{ fontSize: '1rem', m: 0 }}>
                {reviewSubjects[kind].title}
              </Typography>
              <Chip size="small" color={explanation.color} label={explanation.label} />
            </Box>
            <Typography variant="body2" color="textSecondary">
              {reviewDate(review.date)}
            </Typography>
            <Typography variant="body2">{explanation.meaning}</Typography>
            <Typography variant="body2">
              <strong>Next: </strong>
              {explanation.next}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
