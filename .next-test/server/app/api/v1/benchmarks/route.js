var R=require("../../../../chunks/[turbopack]_runtime.js")("server/app/api/v1/benchmarks/route.js")
R.c("server/chunks/[externals]__1s5i3ogk7c5o4._.js")
R.c("server/chunks/[root-of-the-server]__0bsum3ndf3lmy._.js")
R.c("server/chunks/_0-_jraqhfw8sf._.js")
R.c("server/chunks/_next-internal_server_app_api_v1_benchmarks_route_actions_18e3bu34s9q9w.js")
R.m(46102)
module.exports=R.m(46102).exports
