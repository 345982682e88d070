import ImagerCommandLine

await Imager.main()
