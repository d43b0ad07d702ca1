module.exports = { ...require('./shared'), ...require('./webpack') };
