import { useEffect, useRef, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import { Link as RouterLink, Outlet, useLocation, useNavigation } from 'react-router-dom';
import { homeHref } from '../../config/paths';
import { useSession, useSessionWatch } from '../../features/auth/api/get-session';
import { NavigationList } from './navigation-list';
import { SkipLink } from './skip-link';
import { SupportContact } from './support-contact';
import { UserMenu } from './user-menu';
import { LongestReadContext } from '../../components/longest-read';
import { StepUpDialogHost } from '../../features/identity/components/step-up-dialog';
import { SessionEndedDialogHost } from './session-ended-dialog';
import { SessionUnavailable, useSessionUnread } from './session-unavailable';

const DRAWER_WIDTH = 240;
const MAIN_ID = 'main-content';

/** The frame of every signed-in page: app bar, navigation by role, and the page itself. */
export function AppLayout() {
  const session = useSession();
  useSessionWatch();
  const location = useLocation();
  const navigation = useNavigation();
  const [mobileOpen, setMobileOpen] = useState(false);
  // Off while someone other than the person whose session ended is signed in over the page.
  const [pageHidden, setPageHidden] = useState(false);
  const sessionUnread = useSessionUnread();
  useFocusOnNavigation(location.pathname, location.hash, location.key);

  const user = session.data?.user;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <SkipLink href={`#${MAIN_ID}`}>Skip to main content</SkipLink>
      <StepUpDialogHost />
      <SessionEndedDialogHost hidePage={setPageHidden} />
      {navigation.state === 'loading' && (
        <LinearProgress
          aria-label="Loading page"
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 1 }}
        />
      )}
      <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            color="inherit"
            edge="start"
            aria-label="Open navigation"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          {/*
           * Beside a long role ("Compliance reviewer") a phone has little room: the name is set
           * smaller there and, on the narrowest screens, breaks between its words rather than
           * being cut to "Transact Por…".
           */}
          <Typography
            component={RouterLink}
            to={homeHref()}
            className="tap-target"
            variant="h6"
            sx={{
              color: 'inherit',
              textDecoration: 'none',
              fontWeight: 700,
              flexGrow: 1,
              minWidth: 0,
              fontSize: { xs: '1.1rem', sm: '1.25rem' },
              lineHeight: 1.2,
            }}
          >
            Transact Portal
          </Typography>
          {user && <UserMenu user={user} />}
        </Toolbar>
      </AppBar>

      {user && (
        <>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            sx={{ display: { xs: 'block', md: 'none' } }}
            // The open drawer is a modal dialog; it needs a name for screen readers (axe).
            slotProps={{
              paper: {
                sx: { width: DRAWER_WIDTH },
                role: 'dialog',
                'aria-modal': true,
                'aria-label': 'Navigation menu',
              },
            }}
          >
            <Toolbar />
            <NavigationList role={user.role} onNavigate={() => setMobileOpen(false)} />
            <SupportContact />
          </Drawer>
          <Drawer
            variant="permanent"
            sx={{ display: { xs: 'none', md: 'block' }, width: DRAWER_WIDTH, flexShrink: 0 }}
            slotProps={{ paper: { sx: { width: DRAWER_WIDTH, boxSizing: 'border-box' } } }}
          >
            <Toolbar />
            <NavigationList role={user.role} />
            <SupportContact />
          </Drawer>
        </>
      )}

      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, outline: 'none' }}
      >
        <Toolbar />
        <LongestReadContext.Provider value={session.data?.longestReadMs}>
          {sessionUnread ? <SessionUnavailable /> : !pageHidden && <Outlet />}
        </LongestReadContext.Provider>
      </Box>
    </Box>
  );
}

/**
 * After a client-side navigation, screen readers hear nothing and keyboard focus stays on the
 * old link. Moving focus to the new page's heading announces it and restarts tab order there.
 * A link to a part of a page (`#section-timeline`) then lands on that part: focus, and so the
 * scroll, move to the element it names once nothing above it is loading any more (cards that
 * fill in later would push it back out of view), or the person would be left at the top of a
 * long page looking for what the link promised.
 *
 * The first page after signing in is such a navigation too (the layout mounts with it; a page
 * opened by its address is not: the browser starts it from the top). And a heading that focus
 * went to may be replaced by another once the page has read what it shows (a loading page's
 * heading by "No access to this account"): focus follows to the new heading rather than falling
 * to the document, where a screen reader would say nothing of the page it now shows.
 */
function useFocusOnNavigation(pathname: string, hash: string, key: string) {
  const previous = useRef<string | null>(key === 'default' ? pathname : null);
  useEffect(() => {
    if (previous.current === pathname) return;
    const first = previous.current === null;
    previous.current = pathname;
    const main = document.getElementById(MAIN_ID);
    if (!main) return;
    // The first page after signing in: only when nothing holds focus yet.
    if (first && document.activeElement !== document.body) return;
    const title = () => main.querySelector<HTMLElement>('[data-page-title]');
    const partId = hash ? decodeURIComponent(hash.slice(1)) : '';
    // Where focus ends, or null while that is not there yet.
    const destination = () => {
      if (!partId) return title();
      const part = document.getElementById(partId);
      const loading = main.querySelector('[aria-busy="true"]') !== null;
      return part && main.contains(part) && !loading ? part : null;
    };
    /** What this navigation last gave focus to. */
    let focused: HTMLElement;
    const focus = (element: HTMLElement) => {
      // A section's heading is not focusable by itself; focus from a script needs it to be.
      if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
      element.focus();
      focused = element;
    };
    const nothingFocused = () =>
      document.activeElement === main || document.activeElement === document.body;
    let arrived = destination();
    if (arrived) focus(arrived);
    else {
      // Until then, the page's heading if it is there, else the main region; the destination
      // takes focus when it is ready, unless the person has moved focus elsewhere meanwhile.
      const interim = title() ?? main;
      interim.focus();
      focused = interim;
    }
    const observer = new MutationObserver(() => {
      if (!arrived) {
        const late = destination();
        if (!late) return;
        arrived = late;
        if (nothingFocused() || document.activeElement === focused) focus(late);
        return;
      }
      // Only when what this navigation focused is gone and focus fell with it: a person who
      // clicked elsewhere on the page keeps where they are.
      if (focused.isConnected || !nothingFocused()) return;
      const replaced = title();
      if (replaced) focus(replaced);
    });
    observer.observe(main, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    const stop = window.setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname, hash]);
}
