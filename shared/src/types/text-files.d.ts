// A text file imported by the bundlers as its contents (webpack's asset/source, jest's text transform).
declare module '*.txt' {
  const text: string;
  export default text;
}
