var R=require("../../../../chunks/[turbopack]_runtime.js")("server/app/api/v1/submissions/route.js")
R.c("server/chunks/[externals]__0y_bvl1f4zrom._.js")
R.c("server/chunks/[root-of-the-server]__1812obng9geml._.js")
R.c("server/chunks/[root-of-the-server]__1x6u_22hpp415._.js")
R.c("server/chunks/[root-of-the-server]__0qbzs94rmtqm3._.js")
R.c("server/chunks/_next-internal_server_app_api_v1_submissions_route_actions_1-gk2_vypcug1.js")
R.m(14566)
module.exports=R.m(14566).exports
