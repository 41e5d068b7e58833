import { createContext, useContext } from 'react';
import { useLocation, useNavigation, type createBrowserRouter } from 'react-router-dom';

type Router = ReturnType<typeof createBrowserRouter>;

/** The app's router itself, for the rare reader that must not wait for React to render its state. */
export const RouterInstanceContext = createContext<Router | null>(null);

interface Destination {
  pathname: string;
  search: string;
  hash: string;
}

/**
 * Where the person is going, as the router knows it at this instant: the navigation under way,
 * else the location it last committed. React Router renders its state inside a transition, so an
 * urgent render (a refusal from the BFF clearing the session) can run before that transition
 * commits, while `useLocation()` and `useNavigation()` still describe the page being left.
 * Without the router (a component test), the rendered state is the best there is.
 */
export function useDestination(): Destination {
  const router = useContext(RouterInstanceContext);
  const location = useLocation();
  const navigation = useNavigation();
  if (router) return router.state.navigation.location ?? router.state.location;
  return navigation.location ?? location;
}
