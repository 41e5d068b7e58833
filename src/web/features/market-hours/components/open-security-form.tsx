import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { openSecuritySchema } from '../../../../contract/security-hours';
import { Form, useZodForm } from '../../../components/form/form';
import { FormTextField } from '../../../components/form/form-text-field';

/**
 * Opens a security by its ID. The list beside it holds the securities of the latest trading day
 * only (no upstream operation lists securities), so a quiet security is reached here; whether the
 * platform knows the ID is said where its hours are read. An attempt that is not an ID calls
 * `onInvalid`, so the answer to the previous attempt does not stay beside this one's error.
 */
export function OpenSecurityForm({
  onOpen,
  onInvalid,
}: {
  onOpen: (securityId: string) => void;
  onInvalid: () => void;
}) {
  const form = useZodForm(openSecuritySchema, { securityId: '' });
  return (
    <Form
      form={form}
      onValid={({ securityId }) => onOpen(securityId)}
      onInvalid={onInvalid}
      aria-label="Open a security by its ID"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <FormTextField
        control={form.control}
        name="securityId"
        id="open-security-id"
        label="Security ID"
        inputMode="numeric"
        autoComplete="off"
      />
      <Box sx={{ pt: 1 }}>
        <Button type="submit" variant="outlined">
          Open security
        </Button>
      </Box>
    </Form>
  );
}
