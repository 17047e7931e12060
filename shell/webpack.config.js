// @ts-check
const createConfig = require('../tools/webpack/create-config.cjs');

module.exports = createConfig({ dir: __dirname, name: 'shell', host: true, port: 3000 });
