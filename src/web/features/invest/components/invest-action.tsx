import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { investability } from '../../../../contract/investments';
import type { Offering } from '../../../../contract/offerings';
import { EASTERN, todayInZone } from '../../../../contract/time';
import { paths } from '../../../config/paths';

/** The Invest action of an offering's page, or why the offering takes no investment now. */
export function InvestAction({ offering }: { offering: Offering }) {
  const open = investability(offering, todayInZone(EASTERN));
  if (!open.ok) {
    return (
      <>
        <Typography component="h2" variant="h3" gutterBottom>
          Invest
        </Typography>
        <Typography>{open.reason}</Typography>
      </>
    );
  }
  return (
    <>
      <Typography component="h2" variant="h3" gutterBottom>
        Invest
      </Typography>
      <Typography sx={{ mb: 2 }}>Buy units of this offering from one of your accounts.</Typography>
      <Button
        component={RouterLink}
        to={paths.app.invest.getHref(offering.id)}
        variant="contained"
        fullWidth
      >
        Invest in this offering
      </Button>
    </>
  );
}
