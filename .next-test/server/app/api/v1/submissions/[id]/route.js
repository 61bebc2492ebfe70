var R=require("../../../../../chunks/[turbopack]_runtime.js")("server/app/api/v1/submissions/[id]/route.js")
R.c("server/chunks/[externals]__1dh327dz7jyey._.js")
R.c("server/chunks/[root-of-the-server]__1812obng9geml._.js")
R.c("server/chunks/_1klca2ck7srz_._.js")
R.c("server/chunks/[root-of-the-server]__0fm-5bv_oitdh._.js")
R.c("server/chunks/_next-internal_server_app_api_v1_submissions_[id]_route_actions_1odf14xjrsuyg.js")
R.m(27497)
module.exports=R.m(27497).exports
