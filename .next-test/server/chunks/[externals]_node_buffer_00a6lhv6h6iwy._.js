module.exports=[51615,(e,r,o)=>{r.exports=e.x("node:buffer",()=>require("node:buffer"))}];

//# sourceMappingURL=%5Bexternals%5D_node_buffer_00a6lhv6h6iwy._.js.map