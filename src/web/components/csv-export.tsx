import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { BusyButton } from './busy-retry-button';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ErrorAlert } from './error-alert';

/**
 * An "Export CSV" button of a page whose file the BFF builds, and the failure it may end in:
 * `button` goes in the page's header, `failure` under it (null until an export failed). The
 * button says it is exporting and ignores presses meanwhile, so one click makes one file, and it
 * keeps the focus throughout.
 */
export function useCsvExport(run: () => Promise<void>): { button: ReactNode; failure: ReactNode } {
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    setExporting(true);
    setError(null);
    try {
      await run();
    } catch (caught) {
      setError(caught);
    } finally {
      setExporting(false);
    }
  };
  return {
    button: (
      <BusyButton
        variant="outlined"
        startIcon={<FileDownloadOutlined aria-hidden />}
        busy={exporting}
        onClick={() => void start()}
      >
        {exporting ? 'Exporting…' : 'Export CSV'}
      </BusyButton>
    ),
    failure:
      error === null ? null : (
        <Box sx={{ mb: 2 }}>
          <ErrorAlert error={error} title="The export failed" />
        </Box>
      ),
  };
}
