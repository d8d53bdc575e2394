// An async boundary so the shared singletons are negotiated before anything imports them.
import('./bootstrap');
