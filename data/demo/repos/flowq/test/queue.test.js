"use strict";
const { createQueue } = require("../lib");

createQueue("demo").add("hello", {}).then((job) => console.log(job.id));
