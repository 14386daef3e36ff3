export default require('./rspack.config');
