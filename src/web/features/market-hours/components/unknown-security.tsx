import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/**
 * What a security ID the platform does not know reads as (its hours read answered 404), on
 * the reader's lookup and on the staff's hours page alike.
 */
export function UnknownSecurity({ securityId }: { securityId: string }) {
  return (
    <Alert severity="warning" role="alert">
      <AlertTitle>No security {securityId} on the platform</AlertTitle>
      The platform does not know a security with the ID {securityId}. Check the ID and open it
      again.
    </Alert>
  );
}
