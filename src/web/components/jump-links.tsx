import Box from '@mui/material/Box';
import Link from '@mui/material/Link';

/**
 * Links to the sections further down a long page (each by its heading's id), for a person who
 * would otherwise scroll through screens of one list to reach the next: each takes the focus to
 * the heading, which scrolls it into view, and the next Tab goes on from there.
 */
export function JumpLinks({ sections }: { sections: readonly (readonly [string, string])[] }) {
  return (
    <Box
      component="nav"
      aria-label="Further down this page"
      sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 1, mb: 1 }}
    >
      {sections.map(([id, label]) => (
        <Link
          key={id}
          href={`#${id}`}
          className="tap-area"
          onClick={(event) => {
            event.preventDefault();
            const heading = document.getElementById(id);
            if (!heading) return;
            // A heading is not focusable by itself; focus from a script needs it to be.
            if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
            heading.focus();
          }}
        >
          {label}
        </Link>
      ))}
    </Box>
  );
}
