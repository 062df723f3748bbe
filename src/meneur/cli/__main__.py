from meneur.cli.main import main

main()
