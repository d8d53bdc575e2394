// The router every bundle uses, as one federation singleton of its own: the names the shop uses from React Router,
// and only those. Shared as a whole package, react-router came into every first load complete (~61 KiB gzipped:
// data routers, RSC, cookies, sessions); through this module the build keeps what these names reach.
export {
  BrowserRouter,
  Link,
  NavLink,
  Navigate,
  Route,
  Routes,
  StaticRouter,
  matchPath,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { LinkProps, NavigateFunction, NavLinkProps } from 'react-router-dom';
