1:[["children",{"s":"__PAGE__","h":176}]]
0:{"b":"En5bom9c8YSCCrE409cql","t":{"t":{"s":"","h":80,"c":"$Q1"}}}
