// The Node build's loader for .css: the styles are the browser build's, linked in the page's head.
module.exports = function emptyModule() {
  return 'export {};';
};
