module.exports=[51615,(a,b,c)=>{b.exports=a.x("node:buffer",()=>require("node:buffer"))}];

//# sourceMappingURL=%5Bexternals%5D_node_buffer_00a6lhv6h6iwy._.js.map