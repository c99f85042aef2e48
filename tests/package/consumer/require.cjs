// CommonJS users: require() of the ES module package (Node ^20.19 or >= 22.12).
const { np, sp } = require('cohortjs');
const io = require('cohortjs/io');
console.log(JSON.stringify([np.arange(4).sum().item(), sp.eye(2, 2).nnz, typeof io.load]));
