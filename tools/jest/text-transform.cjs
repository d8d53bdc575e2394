// A text file imported by the code under test is its contents, as webpack's asset/source makes it in the bundles.
module.exports = {
  process(source) {
    return { code: `module.exports = ${JSON.stringify(source)};` };
  },
};
