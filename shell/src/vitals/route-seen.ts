/** A path the page showed, from this time (performance.now()) on: what a speed figure is attributed by. */
export interface RouteSeen {
  at: number;
  pathname: string;
}
