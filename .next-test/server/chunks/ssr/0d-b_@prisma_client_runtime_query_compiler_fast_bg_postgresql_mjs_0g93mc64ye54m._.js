module.exports=[7142,a=>a.a(async(b,c)=>{try{var d=await a.y("@prisma/client-2c3a283f134fdcb6/runtime/query_compiler_fast_bg.postgresql.mjs");a.n(d),c()}catch(a){c(a)}},!0)];

//# sourceMappingURL=0d-b_%40prisma_client_runtime_query_compiler_fast_bg_postgresql_mjs_0g93mc64ye54m._.js.map